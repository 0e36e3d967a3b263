import { Camera, CameraOff } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useT } from "../lib/i18n";
import type { UiKey } from "../lib/language";
import { Button } from "./ui/button";

/**
 * The rear camera reading QR codes, for the counter scanner and the consumer's poster scanner. The phone's
 * own BarcodeDetector is used where it reads QR codes (Android Chrome); elsewhere the `barcode-detector`
 * polyfill (ZXing in WebAssembly) is loaded on first use, so only scanner pages download it, and its
 * .wasm comes from our own build (never a CDN: counters work on flaky or offline connections).
 */

const scanEveryMs = 150;
/** The same code is reported again only after it has been out of view this long. */
const repeatAfterMs = 3_000;

interface QrDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

interface NativeDetectorClass {
  new (options: { formats: string[] }): QrDetector;
  getSupportedFormats(): Promise<string[]>;
}

let detectorLoad: Promise<QrDetector> | null = null;

async function nativeQrDetector(): Promise<QrDetector | null> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    // Some desktop builds expose the class but read nothing: ask before trusting it.
    const formats = await Native.getSupportedFormats();
    return formats.includes("qr_code") ? new Native({ formats: ["qr_code"] }) : null;
  } catch {
    return null;
  }
}

/**
 * The reader's .wasm, emitted by Vite into our own assets. It must be the build of zxing-wasm that
 * `barcode-detector` bundles (it pins one exact version; package.json lists the same one, so it sits at
 * the top of node_modules). A file URL rather than a `?url` import, which dependency-cruiser can't resolve.
 */
const zxingWasmUrl = new URL(
  "../../../node_modules/zxing-wasm/dist/reader/zxing_reader.wasm",
  import.meta.url,
).href;

async function polyfillQrDetector(): Promise<QrDetector> {
  const { BarcodeDetector, prepareZXingModule } = await import("barcode-detector/ponyfill");
  // Fetch and compile the reader now, from our own assets, so a failure shows before the first frame.
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? zxingWasmUrl : prefix + path),
    },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: ["qr_code"] });
}

/** One reader per page load: the native one, else the polyfill (a failed load may be tried again). */
function loadQrDetector(): Promise<QrDetector> {
  detectorLoad ??= nativeQrDetector()
    .then((native) => native ?? polyfillQrDetector())
    .catch((failure: unknown) => {
      detectorLoad = null;
      throw failure;
    });
  return detectorLoad;
}

/**
 * Decides whether a code read now is news: a code is reported once, and again only after it has been
 * out of view for `windowMs` (a QR held still in front of the camera is not scanned twenty times).
 */
export function createCodeDebouncer(windowMs = repeatAfterMs) {
  const lastSeen = new Map<string, number>();
  return (code: string, now: number): boolean => {
    const seen = lastSeen.get(code);
    for (const [other, at] of lastSeen) if (now - at >= windowMs) lastSeen.delete(other);
    lastSeen.set(code, now);
    return seen === undefined || now - seen >= windowMs;
  };
}

type CameraState =
  | { kind: "starting" }
  | { kind: "scanning" }
  | { kind: "unavailable"; reason: "denied" | "no-camera" | "in-use" | "unsupported" | "reader" };

const unavailableText: Record<Extract<CameraState, { kind: "unavailable" }>["reason"], UiKey> = {
  denied: "camera.denied",
  "no-camera": "camera.noCamera",
  "in-use": "camera.inUse",
  unsupported: "camera.unsupported",
  reader: "camera.reader",
};

function reasonOf(failure: unknown): Extract<CameraState, { kind: "unavailable" }>["reason"] {
  const name = failure instanceof DOMException || failure instanceof Error ? failure.name : "";
  if (name === "NotAllowedError" || name === "SecurityError" || name === "PermissionDeniedError")
    return "denied";
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "DevicesNotFoundError")
    return "no-camera";
  if (name === "NotReadableError" || name === "TrackStartError" || name === "AbortError") return "in-use";
  return "unsupported";
}

interface QrCameraProps {
  /** Called once per code that comes into view (see `createCodeDebouncer`). */
  onCode(code: string): void;
  /** While true the camera stays open but reads nothing (a result is on screen). */
  paused?: boolean;
  /** Said under the message when the camera can't be used, e.g. "Type the customer's code instead." */
  fallbackHint?: ReactNode;
  /** Told when the camera can't be used, e.g. to open a typed-code form. */
  onUnavailable?(): void;
  /**
   * When this changes, codes already reported count as new again: a QR still in view is read again for
   * the next thing to do with it (the counter's chosen action).
   */
  rearmKey?: unknown;
  /** The video's accessible name; "Camera" (in the language on screen) unless given. */
  label?: string;
  className?: string;
}

export function QrCamera({
  onCode,
  paused = false,
  fallbackHint,
  onUnavailable,
  label,
  className = "",
  rearmKey,
}: QrCameraProps) {
  const t = useT();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>({ kind: "starting" });
  const [attempt, setAttempt] = useState(0);
  // The loop reads these on every frame, so changing them never restarts the camera.
  const onCodeRef = useRef(onCode);
  const pausedRef = useRef(paused);
  const onUnavailableRef = useRef(onUnavailable);
  useEffect(() => {
    onCodeRef.current = onCode;
    pausedRef.current = paused;
    onUnavailableRef.current = onUnavailable;
  });
  const isNewRef = useRef(createCodeDebouncer());
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key forgets the codes already reported
  useEffect(() => {
    isNewRef.current = createCodeDebouncer();
  }, [rearmKey]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt opens the camera again
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const giveUp = (reason: Extract<CameraState, { kind: "unavailable" }>["reason"]) => {
      if (cancelled) return;
      setState({ kind: "unavailable", reason });
      onUnavailableRef.current?.();
    };

    async function start() {
      setState({ kind: "starting" });
      if (!navigator.mediaDevices?.getUserMedia) return giveUp("unsupported");
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          audio: false,
          video: { facingMode: { ideal: "environment" }, width: { ideal: 1280 }, height: { ideal: 720 } },
        });
      } catch (failure) {
        return giveUp(reasonOf(failure));
      }
      if (cancelled || !video) return;
      video.srcObject = stream;
      await video.play().catch(() => undefined);

      let detector: QrDetector;
      try {
        detector = await loadQrDetector();
      } catch {
        return giveUp("reader");
      }
      if (cancelled) return;
      setState({ kind: "scanning" });

      const tick = async () => {
        if (cancelled) return;
        if (
          !pausedRef.current &&
          !document.hidden &&
          video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA
        ) {
          try {
            const codes = await detector.detect(video);
            const now = Date.now();
            for (const { rawValue } of codes) {
              if (!cancelled && !pausedRef.current && rawValue && isNewRef.current(rawValue, now)) {
                onCodeRef.current(rawValue);
              }
            }
          } catch {
            // A frame that can't be read (the video resizing, a blank frame): try the next one.
          }
        }
        if (!cancelled) timer = setTimeout(() => void tick(), scanEveryMs);
      };
      void tick();
    }

    void start();
    return () => {
      cancelled = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
      video.srcObject = null;
    };
  }, [attempt]);

  return (
    <div className={className} data-camera-state={state.kind}>
      <div className="relative aspect-square w-full overflow-hidden rounded-2xl bg-stone-950">
        <video
          ref={videoRef}
          aria-label={label ?? t("camera.label")}
          muted
          playsInline
          autoPlay
          className={`size-full object-cover ${state.kind === "unavailable" ? "invisible" : ""}`}
        />
        {state.kind === "scanning" && (
          // The aiming square: where to hold the code.
          <div
            aria-hidden
            className={`pointer-events-none absolute inset-[12%] rounded-2xl border-4 ${paused ? "border-white/30" : "border-white/90"}`}
          />
        )}
        {state.kind === "starting" && (
          <p
            role="status"
            className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-base font-semibold text-white"
          >
            <Camera className="size-8 animate-pulse" aria-hidden />
            {t("camera.opening")}
          </p>
        )}
        {state.kind === "unavailable" && (
          <div
            role="alert"
            className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-5 text-center text-white"
          >
            <CameraOff className="size-10 text-amber-300" aria-hidden />
            <p className="text-base font-semibold">{t(unavailableText[state.reason])}</p>
            {fallbackHint && <p className="text-sm text-stone-200">{fallbackHint}</p>}
            {state.reason !== "no-camera" && state.reason !== "unsupported" && (
              <Button variant="secondary" className="min-h-12" onClick={() => setAttempt((n) => n + 1)}>
                {t("camera.tryAgain")}
              </Button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
