// The catalogue's part for the card's views loaded on demand (the move/copy dialog, the
// description conflict), added to the page's one catalogue when the first of them loads.
import { addTexts } from '@taskflow/shared';
import { deOnDemand } from '@taskflow/shared/texts-on-demand';

addTexts(deOnDemand);
