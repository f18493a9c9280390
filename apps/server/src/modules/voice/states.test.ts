import { describe } from 'vitest';
import { MemoryVoiceStates } from './states';
import { voiceStatesContract } from './states-contract';

/** The Redis states run the same contract in the multi-process suite (test/multiprocess/voice-states.multiprocess.test.ts). */
describe('MemoryVoiceStates', () => {
  voiceStatesContract(async () => new MemoryVoiceStates());
});
