// Modules are tested one by one here, not loaded through the views or the transfer entry that
// add the catalogue's on-demand part on the page (kernel/i18n/de-on-demand.ts).
import { addTexts } from '../src/kernel/i18n/t';
import { deOnDemand } from '../src/kernel/i18n/de-on-demand';

addTexts(deOnDemand);
