import './remote.css';
import { Button, Modal, boardStore, t, type CardDetailProps } from '@taskflow/shared';
import { Section } from './components/section';
import { AssigneePicker } from './features/card-detail/components/assignee-picker';
import { CardFields } from './features/card-detail/components/card-fields';
import { useCard } from './features/card-detail/hooks/use-card';
import { CommentList } from './features/comments/components/comment-list';
import { CardLabels } from './features/labels/components/card-labels';
import { SubtaskList } from './features/subtasks/components/subtask-list';

// The features meet only here: each renders its own part of the card, none imports another.
const CardDetailModal = ({ boardId, cardId, onClose }: CardDetailProps) => {
  const { status, card, members, profiles, labels, list } = useCard(boardId, cardId);

  if (!card) {
    return (
      <Modal title={t('card.title')} onClose={onClose} size="sm">
        <p className="text-sm text-slate-500">
          {status === 'ready' ? t('card.notFound') : t('boards.loading')}
        </p>
      </Modal>
    );
  }

  return (
    <Modal
      title={list ? list.title : t('card.title')}
      onClose={onClose}
      size="lg"
      footer={
        <Button
          variant="danger"
          onClick={() => {
            void boardStore.deleteCard(card.id);
            onClose();
          }}
        >
          {t('card.delete')}
        </Button>
      }
    >
      <div className="space-y-6">
        <CardFields card={card} />
        <Section title={t('card.assignees')}>
          <AssigneePicker card={card} members={members} />
        </Section>
        <CardLabels card={card} labels={labels} />
        <SubtaskList card={card} members={members} profiles={profiles} />
        <CommentList card={card} profiles={profiles} />
      </div>
    </Modal>
  );
};

/** Exposed as card_remote/CardDetail: the card detail modal with its label modal. */
const CardDetail = (props: CardDetailProps) => <CardDetailModal key={props.cardId} {...props} />;

export default CardDetail;
