/**
 * Which Active Effects contribute what to a check, from plain data (no Foundry): an effect's name,
 * whether it is disabled, and its changes as `{key, type, value}` (compat.ts `readChange` gives
 * either generation's stored change in this shape).
 *
 * A check names the keys it reads (`system.bonuses.attack`, `system.bonuses.skill.{second}`…). A
 * `{field}` placeholder takes the roll dialog's value of that field; a `kind:key` value (the
 * Storytelling dialog's "skill:athletics") reads as `kind.key`. Only "add" and "subtract" changes
 * with a numeric value contribute (a bonus field is a sum); any other change type on a bonus key is
 * left out of the check, as Foundry's own result for it is not a sum either.
 */

export interface PlainEffectChange {
  key: string;
  type: string;
  value: string;
}

export interface PlainEffect {
  name: string;
  disabled: boolean;
  changes: PlainEffectChange[];
}

export interface EffectContribution {
  name: string;
  value: number;
}

/** The keys a check reads, its effects, and the unit its contributions are counted in. */
export interface CheckEffects {
  effects: PlainEffect[];
  keys: string[];
  /** "pips" (D6: 3 pips a die), "dice" (a pool's dice), "number" (a modifier). */
  unit: "pips" | "dice" | "number";
}

/** `keys` with each `{field}` replaced by `values[field]` (`kind:key` → `kind.key`). */
export function resolveEffectKeys(keys: readonly string[], values: Record<string, unknown> = {}): string[] {
  return keys.map((key) => key.replace(/\{(\w+)\}/g, (_m, name: string) => String(values[name] ?? "").replace(":", ".")));
}

function numeric(value: string): number | null {
  const text = value.trim().replace("\u2212", "-");
  if (text === "") return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/**
 * Each enabled effect's total on `keys` (several changes of one effect on these keys add up), in
 * the effects' order; effects that contribute nothing are left out.
 */
export function effectContributions(
  effects: readonly PlainEffect[],
  keys: readonly string[],
  values: Record<string, unknown> = {},
): EffectContribution[] {
  const wanted = new Set(resolveEffectKeys(keys, values));
  const out: EffectContribution[] = [];
  for (const effect of effects) {
    if (effect.disabled) continue;
    let total = 0;
    for (const change of effect.changes) {
      if (!wanted.has(change.key)) continue;
      const n = numeric(change.value);
      if (n === null) continue;
      if (change.type === "add") total += n;
      else if (change.type === "subtract") total -= n;
    }
    if (total !== 0) out.push({ name: effect.name, value: total });
  }
  return out;
}

export function contributionTotal(contributions: readonly EffectContribution[]): number {
  return contributions.reduce((sum, c) => sum + c.value, 0);
}

/** The total a check's effects add for these dialog values (0 without effects). */
export function checkEffectTotal(check: CheckEffects | undefined | null, values: Record<string, unknown> = {}): number {
  return check ? contributionTotal(effectContributions(check.effects, check.keys, values)) : 0;
}

/** A contribution as shown: "+1D+1" / "−2" for pips, "+2" otherwise (a true minus sign). */
export function formatContribution(value: number, unit: CheckEffects["unit"]): string {
  const sign = value < 0 ? "\u2212" : "+";
  const abs = Math.abs(value);
  if (unit !== "pips") return `${sign}${abs}`;
  const dice = Math.floor(abs / 3);
  const pips = abs % 3;
  return `${sign}${dice ? `${dice}D` : ""}${dice && pips ? "+" : ""}${pips || !dice ? pips : ""}`;
}
