// Linted as backend/src: the server importing frontend code.
import { t } from '@taskflow/shared';

export { t };
