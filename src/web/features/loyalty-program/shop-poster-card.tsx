import { Printer, QrCode } from "lucide-react";
import { useEffect, useState } from "react";
import { brand } from "../../../shared/brand";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { shopPosterUrl } from "../../lib/shop-poster";

/** The QR as a PNG data URL; `qrcode` is loaded only when a poster is shown (not in the first download). */
async function drawQr(text: string, width: number): Promise<string> {
  const loaded = await import("qrcode");
  const qrcode = (loaded as unknown as { default?: typeof loaded }).default ?? loaded;
  return qrcode.toDataURL(text, { errorCorrectionLevel: "M", margin: 2, width });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The poster alone, printed from a hidden frame so the dashboard around it is not printed. */
function printPoster({ name, url, image }: { name: string; url: string; image: string }) {
  const frame = document.createElement("iframe");
  frame.setAttribute("aria-hidden", "true");
  frame.tabIndex = -1;
  frame.style.cssText = "position:fixed;right:0;bottom:0;width:0;height:0;border:0";
  document.body.append(frame);
  const page = frame.contentDocument;
  const view = frame.contentWindow;
  if (!page || !view) {
    frame.remove();
    return;
  }
  page.open();
  page.write(`<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(name)}</title>
<style>
  @page { margin: 16mm; }
  body { font-family: system-ui, sans-serif; text-align: center; color: #0c0a09; margin: 0; }
  h1 { font-size: 34pt; margin: 0 0 6mm; }
  p { font-size: 16pt; margin: 0 0 4mm; }
  img { width: 120mm; height: 120mm; image-rendering: pixelated; }
  .small { font-size: 10pt; color: #44403c; word-break: break-all; }
</style></head><body>
  <h1>${escapeHtml(name)}</h1>
  <p>Scan for our loyalty card and offers on ${escapeHtml(brand.name)}</p>
  <img src="${image}" alt="">
  <p class="small">${escapeHtml(url)}</p>
</body></html>`);
  page.close();
  const done = () => setTimeout(() => frame.remove(), 1_000);
  view.addEventListener("afterprint", done, { once: true });
  const go = () => {
    view.focus();
    view.print();
  };
  const img = page.querySelector("img");
  if (img && !img.complete) img.addEventListener("load", go, { once: true });
  else go();
  // If the browser never says printing ended, the frame still goes.
  setTimeout(() => frame.remove(), 60_000);
}

/**
 * The poster for the counter or the window: its QR opens `/qr-scanner?shop=<id>`, the business's page
 * with its loyalty card and offers. It never stamps a card: only staff scanning the customer's QR do.
 */
export function ShopPosterCard({ companyId, companyName }: { companyId: number; companyName: string }) {
  const url = shopPosterUrl(window.location.origin, companyId);
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    setFailed(false);
    drawQr(url, 1024).then(
      (drawn) => current && setImage(drawn),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [url]);

  return (
    <Card
      title="Shop poster"
      icon={<QrCode className="size-5" aria-hidden />}
      description="Print it for your counter or window: customers scan it to open your page, your loyalty card and your offers."
      testId="shop-poster"
    >
      <div className="flex flex-col items-center gap-3">
        {image ? (
          <img
            src={image}
            alt={`Poster QR code for ${companyName}`}
            width={224}
            height={224}
            className="size-56 rounded-xl ring-1 ring-stone-200 [image-rendering:pixelated]"
          />
        ) : failed ? (
          <p role="alert" className="text-sm text-red-700">
            The QR code couldn't be drawn. Reload the page to try again.
          </p>
        ) : (
          <Skeleton className="size-56" />
        )}
        <p className="max-w-full text-center text-xs break-all text-stone-600">{url}</p>
        <Button
          variant="secondary"
          disabled={!image}
          onClick={() => image && printPoster({ name: companyName, url, image })}
        >
          <Printer className="size-4" aria-hidden /> Print poster
        </Button>
      </div>
    </Card>
  );
}
