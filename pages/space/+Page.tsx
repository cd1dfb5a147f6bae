import { useData } from 'vike-react/useData'
import { DomainPage } from '../../components/DomainPage.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  const { seo: _seo, ...page } = useData<Data>()
  return <DomainPage {...page} />
}
