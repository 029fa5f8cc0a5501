import './remote.css';
import type { CardDetailProps } from '@taskflow/shared';
import { CardDetailModal } from './features/card-detail/components/card-detail-modal';

/** Exposed as card_remote/CardDetail: the card detail modal with its label modal. */
const CardDetail = (props: CardDetailProps) => <CardDetailModal key={props.cardId} {...props} />;

export default CardDetail;
