/**
 * The context of `templates/chat/check-link.hbs` for a parsed @Check link: a button, or an inline
 * error naming the fault. No Foundry global (the gallery renders it); `t` localizes.
 */
import type { ParsedCheckLink } from "../core/check-link";

/** The template's context for a parsed link (`raw` is the text between the brackets). */
export function checkLinkContext(
  raw: string,
  link: ParsedCheckLink,
  t: (key: string, data?: Record<string, string | number>) => string,
): Record<string, unknown> {
  if (!link.ok) {
    const error = t(`OMNIBUS.Link.Error.${link.error}`, { token: link.token });
    return { error, text: link.label ?? `@Check[${raw}]` };
  }
  const target = link.dataset[link.kind] ?? "";
  const label = link.label ?? t("OMNIBUS.Link.Default", { check: link.kind, target });
  return { link: raw, label, hint: t("OMNIBUS.Link.Hint") };
}
