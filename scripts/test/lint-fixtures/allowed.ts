// Linted as card-remote/src: what an app may import. No rule may fire here.
import { t } from '@taskflow/shared';
import { federationShared } from '@taskflow/shared/federation';
import { map } from 'rxjs';
import CardDetail from './card-detail';

export { CardDetail, federationShared, map, t };
