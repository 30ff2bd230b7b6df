// Foundry entry point (module/omnibus.mjs): the plumbing plus the four rulesets' adapters.
import { d6Adapter } from "./d6/adapter";
import { silhouetteAdapter } from "./silhouette/adapter";
import { storytellingAdapter } from "./storytelling/adapter";
import { installOmnibus } from "./system";
import { wfrpAdapter } from "./wfrp/adapter";

installOmnibus([d6Adapter, storytellingAdapter, wfrpAdapter, silhouetteAdapter]);
