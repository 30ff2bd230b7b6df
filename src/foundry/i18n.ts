/**
 * Localization and notifications for the glue. Every user-facing string goes through these (keys in
 * lang/en.json and lang/ru.json). An OmnibusError from the rules core is shown as
 * `OMNIBUS.Error.<code>` formatted with its data; a `refused` one as `OMNIBUS.Refused.<data.key>`
 * (why it was refused), or the generic `OMNIBUS.Error.refused` should that key be missing.
 */
import { OmnibusError } from "../core/errors";

export function localize(key: string, data?: Record<string, string | number>): string {
  if (!data) return game.i18n!.localize(key);
  const strings = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]));
  return game.i18n!.format(key, strings);
}

export type NoticeLevel = "info" | "warn" | "error";

/** Shows a localized notification. */
export function notify(level: NoticeLevel, key: string, data?: Record<string, string | number>): void {
  const text = localize(key, data);
  const notifications = ui.notifications;
  if (!notifications) return;
  if (level === "info") notifications.info(text);
  else if (level === "warn") notifications.warn(text);
  else notifications.error(text);
}

/**
 * Whether a value is the rules core's OmnibusError. Checked by shape as well as by class, so an
 * error from another copy of the module (tests that reload modules) is still recognised.
 */
export function isOmnibusError(error: unknown): error is OmnibusError {
  return (
    error instanceof OmnibusError ||
    (error instanceof Error && error.name === "OmnibusError" && typeof (error as { code?: unknown }).code === "string")
  );
}

/** The key and format data an OmnibusError is shown with (a refusal by its own key). */
export function errorNotice(error: OmnibusError): { key: string; data: Record<string, string | number> } {
  if (error.code === "refused") {
    const { key: reason, ...data } = error.data;
    const key = `OMNIBUS.Refused.${String(reason ?? "")}`;
    if (reason !== undefined && game.i18n!.has(key)) return { key, data };
    return { key: "OMNIBUS.Error.refused", data };
  }
  return { key: `OMNIBUS.Error.${error.code}`, data: error.data };
}

/** Shows an error as a localized warning: an OmnibusError by its code, anything else generically. */
export function notifyError(error: unknown): void {
  if (isOmnibusError(error)) {
    const notice = errorNotice(error);
    notify("warn", notice.key, notice.data);
  } else {
    console.error("Omnibus |", error);
    notify("error", "OMNIBUS.Error.unexpected");
  }
}
