// The same screen as /productregistration (DECISIONS.md, Routes).
import { WarrantyScreen } from '../productregistration/WarrantyScreen.tsx'

export default WarrantyScreen
