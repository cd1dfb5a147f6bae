import { useData } from 'vike-react/useData'
import { ContactScreen } from '../support/ContactScreen.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  const { company, contact, offices } = useData<Data>()
  return <ContactScreen company={company} contact={contact} offices={offices} />
}
