import { paths } from "../app/paths";
import { CounterScannerScreen } from "../features/counter/counter-scanner-screen";

/** `/vendor-scan`: the business owner scans at the counter from the dashboard (the same scanner as staff). */
export default function VendorScanPage() {
  return <CounterScannerScreen signInPath={paths.company} />;
}
