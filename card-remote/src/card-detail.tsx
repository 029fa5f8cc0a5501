import './remote.css';
import {
  Button,
  Modal,
  boardStore,
  dismissToast,
  showToast,
  StyleScope,
  t,
  type CardDetailProps,
} from '@taskflow/shared';
import { useId } from 'react';
import { Section } from './components/section';
import { AttachmentSection } from './features/attachments/components/attachment-section';
import { AssigneePicker } from './features/card-detail/components/assignee-picker';
import { CardFields } from './features/card-detail/components/card-fields';
import { useCard } from './features/card-detail/hooks/use-card';
import { CommentList } from './features/comments/components/comment-list';
import { CardHistory } from './features/history/components/card-history';
import { CardTransferActions } from './features/card-transfer/components/card-transfer-actions';
import { CopyLinkButton } from './features/card-link/components/copy-link-button';
import { CardLabels } from './features/labels/components/card-labels';
import { CardViewers } from './features/presence/components/card-viewers';
import { WatchButton } from './features/watching/components/watch-button';
import { SubtaskList } from './features/subtasks/components/subtask-list';

/** How long 'Rückgängig' is offered; the server keeps the card 30 s. */
const UNDO_MS = 8000;

/**
 * Deletes the card undoably: it disappears at once for everyone (a soft delete), and a toast
 * offers 'Rückgängig' for 8 seconds (longer while it has the pointer or the focus), which
 * brings it back with all it had. The focus goes to 'Rückgängig', so that undo is one Enter
 * away instead of falling to the page with the closed dialog.
 */
const deleteWithUndo = (cardId: string) => {
  const toastId = showToast(t('card.deleted'), 'info', {
    action: { label: t('card.undo'), run: () => void boardStore.restoreCard(cardId) },
    durationMs: UNDO_MS,
    focus: true,
  });
  // A refused deletion shows its own message; the undo offer then makes no sense.
  void boardStore.softDeleteCard(cardId).then((deleted) => {
    if (!deleted) dismissToast(toastId);
  });
};

/** Archives the card, with 'Rückgängig' in a toast that takes the focus, as for a deletion. */
const archiveWithUndo = (cardId: string, title: string) => {
  const toastId = showToast(t('archive.cardArchived', { title }), 'info', {
    action: { label: t('card.undo'), run: () => void boardStore.setCardArchived(cardId, false) },
    focus: true,
  });
  void boardStore.setCardArchived(cardId, true).then((archived) => {
    if (!archived) dismissToast(toastId);
  });
};

// The features meet only here: each renders its own part of the card, none imports another.
const CardDetailModal = ({ boardId, cardId, cardUrl, onClose }: CardDetailProps) => {
  const { status, card, members, profiles, labels, list, userId, archived } = useCard(
    boardId,
    cardId,
  );
  const nameId = useId();

  if (!card) {
    return (
      <Modal title={t('card.title')} onClose={onClose} size="sm">
        <p className="text-sm text-slate-500">
          {status !== 'ready'
            ? t('boards.loading')
            : archived
              ? t('archive.cardGone')
              : t('card.notFound')}
        </p>
      </Modal>
    );
  }

  return (
    // Named after the card (read when it opens); the heading shows its list as context.
    <Modal
      title={list ? t('cardDetail.inList', { list: list.title }) : t('card.title')}
      labelledBy={nameId}
      // A new card was opened from the composer, which may be gone: its tile takes the focus.
      returnFocus={() => document.querySelector(`[data-card-id="${card.id}"] button`)}
      onClose={onClose}
      size="lg"
      footer={
        <>
          {cardUrl ? <CopyLinkButton url={cardUrl} /> : null}
          <CardTransferActions boardId={boardId} card={card} onCardGone={onClose} />
          <Button
            variant="secondary"
            onClick={() => {
              archiveWithUndo(card.id, card.title);
              onClose();
            }}
          >
            {t('archive.archive')}
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              deleteWithUndo(card.id);
              onClose();
            }}
          >
            {t('card.delete')}
          </Button>
        </>
      }
    >
      <span id={nameId} hidden>
        {card.title}
      </span>
      <div className="space-y-6">
        <CardViewers boardId={boardId} cardId={card.id} />
        <WatchButton boardId={boardId} cardId={card.id} />
        <CardFields card={card} />
        <Section title={t('card.assignees')}>
          <AssigneePicker card={card} members={members} />
        </Section>
        <CardLabels card={card} labels={labels} />
        <SubtaskList card={card} members={members} profiles={profiles} />
        <AttachmentSection boardId={boardId} card={card} profiles={profiles} />
        <CommentList card={card} profiles={profiles} userId={userId} />
        <CardHistory card={card} profiles={profiles} />
      </div>
    </Modal>
  );
};

/**
 * Exposed as card_remote/CardDetail: the card detail modal with its label modal, in the remote's
 * style scope (src/remote.css; the modals carry it into document.body).
 */
const CardDetail = (props: CardDetailProps) => (
  <StyleScope name="card_remote">
    <CardDetailModal key={props.cardId} {...props} />
  </StyleScope>
);

export default CardDetail;
