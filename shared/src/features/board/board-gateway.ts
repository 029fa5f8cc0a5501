import type { Observable } from 'rxjs';
import type { BoardSnapshot, Profile } from '../../domain/types';
import * as cardsApi from './api/cards-api';
import * as checklistApi from './api/checklist-api';
import * as commentsApi from './api/comments-api';
import * as labelsApi from './api/labels-api';
import * as listsApi from './api/lists-api';
import * as membersApi from './api/members-api';
import { fetchBoardSnapshot, updateBoardRow } from './api/board-api';
import { currentUser } from '../../kernel/session/session';
import { boardChanges, type BoardChannelEvent } from './board-realtime';
import type { BoardTable } from './row-change';
import { selectRowById } from '../../kernel/backend/table-rows';
import { deviceCopy, type DeviceCopy } from './device-copy';

/** Everything the board store needs from the outside world; tests pass a fake. */
export interface BoardGateway {
  fetchSnapshot(boardId: string): Promise<BoardSnapshot | null>;
  changes(boardId: string): Observable<BoardChannelEvent>;
  fetchProfile(userId: string): Promise<Profile | null>;
  /** One row as stored now (a conflicting edit compares with it); null when gone or hidden. */
  fetchRow(table: BoardTable, id: string): Promise<Record<string, unknown> | null>;
  currentUserId(): string | null;
  api: BoardWriteApi;
  /** The device's copy of the boards shown (device-copy.ts); none in most tests. */
  copy?: DeviceCopy;
}

export interface BoardWriteApi {
  updateBoardRow: typeof updateBoardRow;
  insertList: typeof listsApi.insertList;
  updateListRow: typeof listsApi.updateListRow;
  deleteListRow: typeof listsApi.deleteListRow;
  renumberBoardLists: typeof listsApi.renumberBoardLists;
  insertCard: typeof cardsApi.insertCard;
  updateCardRow: typeof cardsApi.updateCardRow;
  deleteCardRow: typeof cardsApi.deleteCardRow;
  renumberListCards: typeof cardsApi.renumberListCards;
  insertAssignee: typeof cardsApi.insertAssignee;
  deleteAssignee: typeof cardsApi.deleteAssignee;
  insertTag: typeof cardsApi.insertTag;
  deleteTag: typeof cardsApi.deleteTag;
  insertLabel: typeof labelsApi.insertLabel;
  updateLabelRow: typeof labelsApi.updateLabelRow;
  deleteLabelRow: typeof labelsApi.deleteLabelRow;
  insertChecklistItem: typeof checklistApi.insertChecklistItem;
  updateChecklistItemRow: typeof checklistApi.updateChecklistItemRow;
  deleteChecklistItemRow: typeof checklistApi.deleteChecklistItemRow;
  insertComment: typeof commentsApi.insertComment;
  updateCommentRow: typeof commentsApi.updateCommentRow;
  deleteCommentRow: typeof commentsApi.deleteCommentRow;
  inviteMemberByEmail: typeof membersApi.inviteMemberByEmail;
  deleteMemberRow: typeof membersApi.deleteMemberRow;
}

export const supabaseBoardGateway: BoardGateway = {
  fetchSnapshot: fetchBoardSnapshot,
  changes: boardChanges,
  fetchProfile: membersApi.fetchProfile,
  fetchRow: selectRowById,
  currentUserId: () => currentUser()?.id ?? null,
  copy: deviceCopy,
  api: {
    updateBoardRow,
    ...listsApi,
    ...cardsApi,
    ...labelsApi,
    ...checklistApi,
    ...commentsApi,
    inviteMemberByEmail: membersApi.inviteMemberByEmail,
    deleteMemberRow: membersApi.deleteMemberRow,
  },
};
