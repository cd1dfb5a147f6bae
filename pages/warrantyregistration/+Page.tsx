// The same screen as /productregistration (../shared/spec/DECISIONS.md, Routes).
import { WarrantyScreen } from '../productregistration/WarrantyScreen.tsx'

export default WarrantyScreen
