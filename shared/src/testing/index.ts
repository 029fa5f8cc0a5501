export { createMemoryGateway, type MemoryGateway } from './memory-gateway';
export { sampleBoardSnapshot } from './sample-board';
