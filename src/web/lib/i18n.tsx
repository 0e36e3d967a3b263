import type { I18n } from "@lingui/core";
import { useCallback, useEffect, useSyncExternalStore } from "react";
import { defaultLanguage, isLanguage, type Language } from "../../shared/i18n/languages";
import { apiJson } from "./api-client";
import { useAuth } from "./auth";
import { useDevice } from "./device";
import { rememberDeviceLanguage } from "./device-language";
import { activateLanguage, currentLanguage, deviceLanguage, type UiKey } from "./language";

/**
 * The locale of the device's texts; every screen that shows text re-renders when it changes (no provider
 * needed in the browser: its device's texts are the app's one `i18n`, switched in place).
 */
function useLocale(texts: I18n): string {
  const onChange = useCallback((listener: () => void) => texts.on("change", listener), [texts]);
  const locale = () => texts.locale;
  return useSyncExternalStore(onChange, locale, locale);
}

export function useLanguage(): Language {
  const locale = useLocale(useDevice().i18n);
  return isLanguage(locale) ? locale : defaultLanguage;
}

/** `t("nav.home")`: the screen's text for a key in the device's language, with ICU values. */
export function useT() {
  const texts = useDevice().i18n;
  const locale = useLocale(texts);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new function per language re-runs effects that use it
  return useCallback((key: UiKey, values?: Record<string, unknown>) => texts._(key, values), [texts, locale]);
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
