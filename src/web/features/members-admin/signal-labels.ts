import { fraudSignalLabels } from "../../../shared/fraud-signals";

/** Plain words for each fraud signal type; a type this build doesn't know (an older one) shows as it is. */
export function signalLabel(type: string): string {
  return Object.hasOwn(fraudSignalLabels, type)
    ? fraudSignalLabels[type as keyof typeof fraudSignalLabels]
    : type.replaceAll("_", " ");
}
