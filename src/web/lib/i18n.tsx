import { i18n } from "@lingui/core";
import { useCallback, useEffect, useSyncExternalStore } from "react";
import type { Language } from "../../shared/i18n/languages";
import { apiJson } from "./api-client";
import { useAuth } from "./auth";
import {
  activateLanguage,
  currentLanguage,
  deviceLanguage,
  rememberDeviceLanguage,
  type UiKey,
} from "./language";

// Every screen that shows text re-renders when another language becomes active (no provider needed).
const onLanguageChange = (listener: () => void) => i18n.on("change", listener);
const activeLocale = () => i18n.locale;

export function useLanguage(): Language {
  useSyncExternalStore(onLanguageChange, activeLocale, activeLocale);
  return currentLanguage();
}

/** `t("nav.home")`: the screen's text for a key in the active language, with ICU values. */
export function useT() {
  const locale = useSyncExternalStore(onLanguageChange, activeLocale, activeLocale);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new function per language re-runs effects that use it
  return useCallback((key: UiKey, values?: Record<string, unknown>) => i18n._(key, values), [locale]);
}

/**
 * Choosing a language: this device remembers it, and a signed-in member's account does too, so their
 * other devices and the server's messages and SMS follow.
 */
export function useChooseLanguage() {
  const { user, refreshUser } = useAuth();
  return useCallback(
    async (language: Language) => {
      rememberDeviceLanguage(language);
      await activateLanguage(language);
      if (user && user.language !== language) {
        await apiJson("PUT", "/api/profile/preferences", { language });
        await refreshUser();
      }
    },
    [user, refreshUser],
  );
}

/**
 * A member who signs in on this device gets their own language here too; a member who never chose one
 * takes the language chosen on this device as theirs.
 */
export function FollowMemberLanguage() {
  const { user, refreshUser } = useAuth();
  const signedIn = Boolean(user);
  const memberLanguage = user?.language;
  useEffect(() => {
    if (!signedIn) return;
    if (memberLanguage === null) {
      const chosenHere = deviceLanguage();
      if (chosenHere) {
        void apiJson("PUT", "/api/profile/preferences", { language: chosenHere })
          .then(refreshUser)
          .catch(() => undefined);
      }
      return;
    }
    if (!memberLanguage || memberLanguage === currentLanguage()) return;
    rememberDeviceLanguage(memberLanguage);
    void activateLanguage(memberLanguage);
  }, [signedIn, memberLanguage, refreshUser]);
  return null;
}
