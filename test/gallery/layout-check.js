// Runs inside the gallery page (Chromium), evaluated as one expression; returns [{ element, problem }].
// Finds elements inside the window content that
//  - stick out of the sheet horizontally;
//  - clip or scroll their content sideways (overflow-x not visible and wider content);
//  - cut text with an ellipsis that has no title / data-tooltip to read the rest;
//  - cut content off at the bottom (overflow-y hidden/clip and taller content);
//  - are a <select> narrower than its longest option: the option's text, measured on a canvas in the
//    select's own font, plus the room the control's own chrome takes (the arrow, measured on a hidden
//    copy of the select with no text), wider than the select's content box;
//  - are a disabled <select>: a sheet in view mode (or one the user may not edit) shows the chosen
//    value as text, not a dropdown that does nothing.
// Other form controls scroll their own text by design and are skipped; elements not displayed are skipped.
(() => {
  const frame = document.querySelector("#gallery-frame");
  const content = frame.querySelector(".window-content, .message-content") || frame;
  const box = frame.getBoundingClientRect();
  const problems = [];
  const flagged = []; // elements already reported as sticking out: their descendants are not repeated
  const describe = (el) => {
    const id = (el.id ? "#" + el.id : "") + (el.getAttribute("name") ? '[name="' + el.getAttribute("name") + '"]' : "");
    const cls = typeof el.className === "string" && el.className.trim() ? "." + el.className.trim().split(/\s+/).join(".") : "";
    const shown = el.tagName === "SELECT" ? (el.selectedOptions[0] || {}).text || "" : el.textContent || "";
    const text = shown.trim().replace(/\s+/g, " ").slice(0, 40);
    return "<" + el.tagName.toLowerCase() + id + cls + ">" + (text ? ' "' + text + '"' : "");
  };
  const canvas = document.createElement("canvas").getContext("2d");
  const textWidth = (text, style) => {
    canvas.font = style.font || [style.fontStyle, style.fontWeight, style.fontSize, style.fontFamily].join(" ");
    canvas.letterSpacing = style.letterSpacing === "normal" ? "0px" : style.letterSpacing;
    return canvas.measureText(text).width;
  };
  const px = (value) => parseFloat(value) || 0;
  /** The width a select's chrome (arrow, inner padding) takes inside its content box. */
  const chromeWidth = (select) => {
    const copy = select.cloneNode(false);
    copy.removeAttribute("id");
    copy.removeAttribute("name");
    copy.style.cssText += ";position:absolute;visibility:hidden;width:auto;min-width:0;max-width:none;flex:none";
    copy.append(document.createElement("option"));
    select.parentNode.append(copy);
    const style = getComputedStyle(copy);
    const room = copy.clientWidth - px(style.paddingLeft) - px(style.paddingRight);
    copy.remove();
    return Math.max(0, room);
  };
  const selectTooNarrow = (select, style) => {
    const longest = [...select.options].reduce(
      (best, option) => {
        const width = textWidth(option.text, style);
        return width > best.width ? { text: option.text, width } : best;
      },
      { text: "", width: 0 },
    );
    if (!longest.text) return null;
    const box = select.clientWidth - px(style.paddingLeft) - px(style.paddingRight);
    const needed = longest.width + chromeWidth(select);
    if (needed <= box + 1) return null;
    return 'option "' + longest.text.slice(0, 40) + '" cut: ' + Math.ceil(needed) + "px needed in a " + Math.floor(box) + "px select";
  };
  const controls = new Set(["INPUT", "TEXTAREA", "SELECT", "OPTION", "BUTTON"]);
  for (const el of [content, ...content.querySelectorAll("*")]) {
    if (!(el instanceof HTMLElement)) continue;
    const style = getComputedStyle(el);
    if (style.display === "none" || el.getClientRects().length === 0) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (r.right > box.right + 1 || r.left < box.left - 1) {
      if (flagged.some((f) => f.contains(el))) continue;
      flagged.push(el);
      problems.push({
        element: describe(el),
        problem:
          "sticks out of the " +
          Math.round(box.width) +
          "px sheet (" +
          Math.round(r.left - box.left) +
          "…" +
          Math.round(r.right - box.left) +
          "px)",
      });
      continue;
    }
    if (el.tagName === "SELECT") {
      if (el.disabled) problems.push({ element: describe(el), problem: "a disabled dropdown: show the chosen value as text" });
      const cut = selectTooNarrow(el, style);
      if (cut) problems.push({ element: describe(el), problem: cut });
    }
    if (controls.has(el.tagName)) continue;
    const clipsX = style.overflowX !== "visible";
    const clipsY = style.overflowY === "hidden" || style.overflowY === "clip";
    if (clipsX && el.scrollWidth > el.clientWidth + 1) {
      const ellipsis = style.textOverflow === "ellipsis";
      if (!(ellipsis && (el.title || el.dataset.tooltip))) {
        problems.push({
          element: describe(el),
          problem:
            (ellipsis ? "text cut by an ellipsis with no title/tooltip" : "content clipped or scrolling sideways") +
            " (" +
            el.scrollWidth +
            "px in " +
            el.clientWidth +
            "px)",
        });
      }
    }
    if (clipsY && el.scrollHeight > el.clientHeight + 1) {
      problems.push({
        element: describe(el),
        problem: "content cut off at the bottom (" + el.scrollHeight + "px in " + el.clientHeight + "px)",
      });
    }
  }
  return problems;
})();
