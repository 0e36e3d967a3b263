import { useState } from "react";
import type { Redemption } from "../../../shared/contracts/counter";
import type { MyReward } from "../../../shared/contracts/rewards";
import { Dialog } from "../../components/ui/dialog";
import { useT } from "../../lib/i18n";
import type { UiKey } from "../../lib/language";
import { ChooseMethod, type RedeemMethod } from "./redeem-choose-step";
import { Redeemed } from "./redeem-done-step";
import { RewardQrStep } from "./redeem-qr-step";
import { MarkUsedStep } from "./redeem-self-step";
import { StaffCodeStep } from "./redeem-staff-step";

type Step = "choose" | RedeemMethod | "done";

const titles: Record<Step, UiKey> = {
  choose: "rewards.redeem.title",
  qr: "rewards.redeem.showQr",
  staff: "rewards.redeem.staffTypes",
  self: "rewards.redeem.usedOnline",
  done: "rewards.redeem.redeemed",
};

interface RedeemDialogProps {
  reward: MyReward;
  /** What the reward gives, as the list shows it ("20% off"). */
  offer: string;
  open: boolean;
  onClose(): void;
}

/** Redeem a discount: the QR for the counter's scanner, the staff member's code, or marking it used. */
export function RedeemDialog({ reward, offer, open, onClose }: RedeemDialogProps) {
  const [step, setStep] = useState<Step>("choose");
  const [redemption, setRedemption] = useState<Redemption | null>(null);
  const t = useT();
  const close = () => {
    setStep("choose");
    setRedemption(null);
    onClose();
  };
  const finish = (made: Redemption | null) => {
    setRedemption(made);
    setStep("done");
  };
  // The counter scanned the QR: My Rewards (read every few seconds meanwhile) shows the reward used.
  if (open && step === "qr" && reward.status === "used") finish(null);

  const back = () => setStep("choose");
  return (
    <Dialog open={open} onClose={close} title={t(titles[step])}>
      {step === "choose" && <ChooseMethod reward={reward} offer={offer} onChoose={setStep} />}
      {step === "qr" && <RewardQrStep reward={reward} onBack={back} />}
      {step === "staff" && <StaffCodeStep reward={reward} onDone={finish} onBack={back} />}
      {step === "self" && <MarkUsedStep reward={reward} onDone={finish} onBack={back} />}
      {step === "done" && <Redeemed reward={reward} redemption={redemption} onClose={close} />}
    </Dialog>
  );
}
