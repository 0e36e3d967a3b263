import { BarChart3, ScanLine } from "lucide-react";
import { Link } from "react-router";
import { paths } from "../../app/paths";
import { buttonClass } from "../../components/ui/button";
import { Card } from "../../components/ui/card";

/** The owner's ways to the counter: scan from this device, and the counter's numbers. */
export function CounterLinksCard() {
  return (
    <Card
      title="At the counter"
      icon={<ScanLine className="size-5" aria-hidden />}
      description={
        <>
          Staff sign in on the shop's phone at{" "}
          <span className="font-semibold text-stone-800">
            {window.location.host}
            {paths.merchantLogin}
          </span>{" "}
          with your business username, their name and their PIN.
        </>
      }
    >
      <div className="flex flex-col gap-2 sm:flex-row">
        <Link to={paths.vendorScan} className={buttonClass("primary", "min-h-12")}>
          <ScanLine className="size-5" aria-hidden /> Scan at the counter
        </Link>
        <Link to={paths.merchantDashboard} className={buttonClass("secondary", "min-h-12")}>
          <BarChart3 className="size-5" aria-hidden /> Counter dashboard
        </Link>
      </div>
    </Card>
  );
}
