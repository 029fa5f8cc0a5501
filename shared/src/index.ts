// @taskflow/shared: the one library every TaskFlow app imports. It is a module-federation
// singleton, so the client, the session and the stores exist once per page.
//
// Inside, one folder per kind of code (docs/frontend.md, "Inside shared"); this entry is the list
// of their public files. The lint zones keep the layering: the kernel, the domain and the UI kit
// import no feature, a feature reaches another only through its public file, and only the
// workspace (the composition root) assembles features from their parts. The standalone harness
// is '@taskflow/shared/dev', the transfer formats '@taskflow/shared/transfer', the memory
// gateway and fixtures '@taskflow/shared/testing'.
export * from './kernel';
export * from './domain';
export * from './ui';
export * from './contracts/remotes';
export * from './workspace';
export * from './features/board';
export * from './features/boards';
export * from './features/my-tasks';
export * from './features/presence';
export * from './features/activity';
export * from './features/transfer';
export * from './features/archive';
export * from './features/notifications';
export * from './features/attachments';
export * from './features/invitations';
