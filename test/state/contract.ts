/**
 * The behaviour every StateStore must show, run against each implementation by its own test file:
 * `stateStoreContract('lowdb', (options) => LowdbStateStore.open({ ...options, stateFile }))`.
 */
import { afterEach, describe } from 'vitest';
import type { StateStore } from '../../src/core/state.js';
import { coordinationContract } from './contract-coordination.js';
import { forgetContract } from './contract-forget.js';
import { recordsContract } from './contract-records.js';

export interface ContractStoreOptions {
  clock?: () => number;
  retentionMs?: number;
}
export type StoreFactory = (options: ContractStoreOptions) => Promise<StateStore>;

export function stateStoreContract(name: string, factory: StoreFactory): void {
  describe(`${name} store: StateStore contract`, () => {
    const open: StateStore[] = [];
    const create: StoreFactory = async (options) => {
      const store = await factory(options);
      open.push(store);
      return store;
    };
    afterEach(async () => {
      await Promise.all(open.splice(0).map((store) => store.close()));
    });
    recordsContract(create);
    coordinationContract(create);
    forgetContract(create);
  });
}
