export { createMemoryGateway, registeredOutsider, type MemoryGateway } from './memory-gateway';
export { sampleBoardSnapshot } from './sample-board';
export { memoryGateway, sharedOnMemoryGateway } from './shared-on-memory-gateway';
