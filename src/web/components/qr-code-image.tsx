import { useEffect, useState } from "react";
import { useT } from "../lib/i18n";

/**
 * Draws `data` as a QR code: black on white with the standard 4-module quiet zone, as an SVG, so it
 * stays sharp at any size and scans in bright light. The drawing library is fetched the first time a
 * code is drawn, so no page that never shows one downloads it.
 */
async function drawQr(data: string): Promise<string> {
  const loaded = await import("qrcode");
  // A CommonJS package: bundlers hand it over as the module or as its default export.
  const qrcode = ("default" in loaded ? loaded.default : loaded) as typeof loaded;
  const svg = await qrcode.toString(data, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 4,
    color: { dark: "#000000ff", light: "#ffffffff" },
  });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

interface QrCodeImageProps {
  data: string;
  /** What the image is, for a screen reader ("Your loyalty QR code"). */
  label: string;
  className?: string;
  testId?: string;
}

export function QrCodeImage({ data, label, className = "", testId }: QrCodeImageProps) {
  const [drawn, setDrawn] = useState<{ data: string; src: string } | null>(null);
  const [failed, setFailed] = useState(false);
  const t = useT();

  useEffect(() => {
    let current = true;
    setFailed(false);
    drawQr(data).then(
      (src) => {
        if (current) setDrawn({ data, src });
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [data]);

  const box = `aspect-square bg-white ${className}`;
  // Only ever the image of this code: never the one before it while the new one is drawn.
  if (drawn?.data === data) {
    return <img src={drawn.src} alt={label} data-testid={testId} data-qr={data} className={`${box} block`} />;
  }
  return (
    <div role="img" aria-label={failed ? t("qr.notDrawnLabel", { label }) : label} className={`${box} flex`}>
      {failed ? (
        <p className="m-auto px-4 text-center text-sm text-stone-700">{t("qr.notDrawn")}</p>
      ) : (
        <span className="m-auto size-8 animate-spin rounded-full border-4 border-stone-200 border-t-stone-700" />
      )}
    </div>
  );
}
