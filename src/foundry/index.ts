// Foundry entry point (module/omnibus.mjs). The foundation work fills this in.
Hooks.once("init", () => {
  console.log("Omnibus | init");
});
