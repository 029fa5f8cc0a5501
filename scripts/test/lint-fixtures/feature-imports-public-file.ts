// Linted as shared/src/features/activity: another feature through its public file, the kernel,
// the domain and the UI kit, all allowed.
import { selectMembers } from '../board';
import { t } from '../../kernel/i18n/t';
import { byPosition } from '../../domain/positions';
import { Button } from '../../ui/button';

export const allowed = [selectMembers, t, byPosition, Button];
