import { apiErrorOf, requestHeaders } from "./api-client";

export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * A multipart upload with real progress (fetch cannot report upload progress): XMLHttpRequest with the
 * session cookie, the CSRF header and the device fingerprint, like every other state-changing call.
 * A non-ok answer rejects with the same ApiError as apiRequest; a network failure with a TypeError.
 */
export function uploadForm<T>(
  url: string,
  form: FormData,
  options: { onProgress?(progress: UploadProgress): void; signal?: AbortSignal } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.withCredentials = true;
    // No Content-Type: the browser writes the multipart boundary itself.
    for (const [name, value] of Object.entries(requestHeaders(false))) xhr.setRequestHeader(name, value);
    xhr.responseType = "text";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      const text = xhr.responseText || xhr.statusText;
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as T);
        } catch {
          reject(apiErrorOf(502, "The server sent an unreadable answer"));
        }
      } else reject(apiErrorOf(xhr.status, text));
    };
    xhr.onerror = () => reject(new TypeError("The upload failed. Check your connection and try again."));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    options.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

const sizeFormat = new Intl.NumberFormat("en-GH", { maximumFractionDigits: 1 });

/** 5242880 → "5 MB"; 734003 → "716.8 KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${sizeFormat.format(bytes / 1024 / 1024)} MB`;
  return `${sizeFormat.format(bytes / 1024)} KB`;
}
