// The catalogue's part for views loaded on demand, added to the page's one catalogue (the
// shared singleton's t) when the first such view loads: lazy-view.tsx and load-transfer.ts
// import this module beside the view.
import { addTexts } from '@taskflow/shared';
import { deOnDemand } from '@taskflow/shared/texts-on-demand';

addTexts(deOnDemand);
