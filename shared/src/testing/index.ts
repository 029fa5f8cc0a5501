export { createMemoryGateway, registeredOutsider, type MemoryGateway } from './memory-gateway';
export { sampleBoardSnapshot } from './sample-board';
export { memoryGateway, memoryPresence, sharedOnMemoryGateway } from './shared-on-memory-gateway';
export { createMemoryPresence, type MemoryPresence } from './memory-presence';
// The one factory of rows, shared with the store and the demo seed (typed by the schema).
export { newCard, newMember, newRow } from '../data/new-rows';
