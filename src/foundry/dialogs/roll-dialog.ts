/**
 * The roll dialog: shows a CheckRequest's fields, lets the user change modifiers and options and
 * the roll mode, and shows the exact odds the adapter computes (src/core), recomputed on every
 * change. It starts from the request's defaults every time and stores nothing anywhere: closing it
 * without rolling leaves no trace. Bad input keeps the previous value and shows a notification.
 */
import { isCheckbox, messageModes } from "../compat";
import { localize, notifyError } from "../i18n";
import type { CheckRequest, CheckValues, OddsLine } from "../ruleset";
import { templatePath } from "../templates/helpers";
import { applyFieldInputs, dialogKeyAction, rollDialogContext, type RollModes } from "./roll-dialog-context";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

export interface RollDialogResult {
  values: CheckValues;
  rollMode: string;
}

type OddsFn = (request: CheckRequest, values: CheckValues) => OddsLine[];

export class RollDialog extends HandlebarsApplicationMixin(ApplicationV2) {
  // The form is ours: its change and submit listeners read it (#readForm), so core's form handling
  // is declared explicitly — no handler, no submit on change, and the dialog stays open (we close it).
  static override DEFAULT_OPTIONS = {
    tag: "form",
    form: { handler: undefined, submitOnChange: false, closeOnSubmit: false },
    classes: ["omnibus", "omnibus-roll-dialog"],
    window: { title: "OMNIBUS.RollDialog.Title", icon: "fa-solid fa-dice" },
    position: { width: 420, height: "auto" as const },
    actions: {
      roll: RollDialog.#onRoll,
      cancel: RollDialog.#onCancel,
    },
  };

  static override PARTS = {
    fields: { template: templatePath("dialog/roll-dialog") },
    odds: { template: templatePath("dialog/roll-odds") },
  };

  readonly request: CheckRequest;
  readonly #odds: OddsFn | undefined;
  readonly #resolve: (result: RollDialogResult | null) => void;
  #values: CheckValues;
  #rollMode: string;
  #settled = false;
  /** The form element survives part re-renders: bind its listeners once. */
  #listening = false;

  constructor(request: CheckRequest, odds: OddsFn | undefined, rollMode: string, resolve: (r: RollDialogResult | null) => void) {
    super({});
    this.request = request;
    this.#odds = odds;
    this.#resolve = resolve;
    this.#values = { ...request.values };
    this.#rollMode = rollMode;
  }

  override get title(): string {
    return this.request.title;
  }

  override async _prepareContext(): Promise<never> {
    return rollDialogContext(this.request, this.#values, this.#odds, this.#rollMode, messageModes() as RollModes) as never;
  }

  override async _onRender(context: never, options: never): Promise<void> {
    await super._onRender(context, options);
    if (this.#listening) return;
    this.#listening = true;
    const form = this.element as HTMLFormElement;
    form.addEventListener("change", () => this.#readForm(true));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      void RollDialog.#onRoll.call(this);
    });
    // Enter rolls, Escape cancels (issue 14): the Roll button is not a submit button, so the
    // browser's implicit submission does not reach it.
    form.addEventListener("keydown", (event) => {
      const action = dialogKeyAction(event.key, event.target as { tagName?: string; type?: string } | null);
      if (!action || event.isComposing) return;
      event.preventDefault();
      event.stopPropagation();
      void (action === "roll" ? RollDialog.#onRoll.call(this) : RollDialog.#onCancel.call(this));
    });
  }

  /** Reads the form into the values; re-renders the odds. Returns false if something was refused. */
  #readForm(rerender: boolean): boolean {
    const form = this.element as HTMLFormElement;
    const raw: Record<string, unknown> = {};
    for (const field of this.request.fields) {
      const input = form.elements.namedItem(field.name) as HTMLInputElement | HTMLSelectElement | null;
      if (!input) continue;
      // No `instanceof HTMLInputElement`: a popped-out dialog's elements belong to another window (v14).
      raw[field.name] = isCheckbox(input) ? input.checked : input.value;
    }
    const mode = form.elements.namedItem("rollMode") as HTMLSelectElement | null;
    if (mode) this.#rollMode = mode.value;
    const { values, errors } = applyFieldInputs(this.request.fields, this.#values, raw);
    this.#values = values;
    this.#countRare();
    for (const error of errors) notifyError(error);
    if (rerender) void this.render({ parts: errors.length > 0 ? ["fields", "odds"] : ["odds"] });
    return errors.length === 0;
  }

  /** The "More options" summary counts the rare options set, live (the fields part is not re-rendered on a change). */
  #countRare(): void {
    const count = this.element.querySelector<HTMLElement>(".omnibus-roll-more-count");
    if (!count) return;
    const n = rollDialogContext(this.request, this.#values, undefined, this.#rollMode, {}).rareSet;
    count.textContent = n > 0 ? `(${localize("OMNIBUS.RollDialog.MoreOptionsSet", { count: n })})` : "";
  }

  static async #onRoll(this: RollDialog): Promise<void> {
    if (!this.#readForm(false)) return;
    const context = rollDialogContext(this.request, this.#values, this.#odds, this.#rollMode, messageModes() as RollModes);
    if (!context.canRoll) {
      void this.render({ parts: ["odds"] });
      return;
    }
    this.#settle({ values: { ...this.#values }, rollMode: this.#rollMode });
    await this.close();
  }

  static async #onCancel(this: RollDialog): Promise<void> {
    await this.close();
  }

  #settle(result: RollDialogResult | null): void {
    if (this.#settled) return;
    this.#settled = true;
    this.#resolve(result);
  }

  override _onClose(options: never): void {
    super._onClose(options);
    this.#settle(null);
  }
}

/** Opens the dialog; resolves with the chosen values and roll mode, or null if closed. */
export function promptCheck(request: CheckRequest, odds: OddsFn | undefined, rollMode: string): Promise<RollDialogResult | null> {
  return new Promise((resolve) => {
    void new RollDialog(request, odds, rollMode, resolve).render({ force: true });
  });
}
