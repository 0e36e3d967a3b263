import { paths } from "../app/paths";
import { CounterScannerScreen } from "../features/counter/counter-scanner-screen";

/** `/merchant-scanner`: counter staff scan customers' and rewards' QR codes. */
export default function MerchantScannerPage() {
  return <CounterScannerScreen signInPath={paths.merchantLogin} />;
}
