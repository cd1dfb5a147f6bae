import { useData } from 'vike-react/useData'
import type { Data } from './+data.ts'
import { ContactScreen } from './ContactScreen.tsx'

export default function Page() {
  const { company, contact, offices } = useData<Data>()
  return <ContactScreen company={company} contact={contact} offices={offices} />
}
