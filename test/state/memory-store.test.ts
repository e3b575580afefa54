import { MemoryStateStore } from '../../src/state/memory-store.js';
import { stateStoreContract } from './contract.js';

stateStoreContract('memory', async (options) => new MemoryStateStore(options));
