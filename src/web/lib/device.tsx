import { type I18n, i18n } from "@lingui/core";
import { createContext, useContext } from "react";
import type { DeviceStorage } from "../../shared/member-home";

/**
 * The device a tree is rendered for: its language's texts, what the data saver was when its page was
 * first rendered, and its stored choices. The browser is one device (`browserDevice`); the server renders
 * members' homes for many devices at once, each in its own tree with its own (`prerender.tsx`), so no
 * render changes another's language or storage.
 */
export interface Device {
  i18n: I18n;
  /** The data saver as the page's first render had it: a server's HTML already holds its pictures. */
  dataSaverAtFirstRender: boolean;
  storage: DeviceStorage;
}

/** This browser's local storage; none (every choice unmade) where storage is disabled. */
export const browserStorage: DeviceStorage = {
  getItem(key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
};

/** The browser: the app's one language (switched in place) and its local storage. */
export const browserDevice: Device = { i18n, dataSaverAtFirstRender: false, storage: browserStorage };

const DeviceContext = createContext<Device>(browserDevice);

export const DeviceProvider = DeviceContext.Provider;

export function useDevice(): Device {
  return useContext(DeviceContext);
}
