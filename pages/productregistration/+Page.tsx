import { WarrantyScreen } from './WarrantyScreen.tsx'

export default WarrantyScreen
