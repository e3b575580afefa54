/** The normaliser for a stream family. */
import type { StreamFamily } from '../operations.js';
import { createChatNormalizer } from './normalize-chat.js';
import { createCompletionNormalizer } from './normalize-completion.js';
import { createJobNormalizer } from './normalize-job.js';
import type { Normalizer, StreamContext } from './normalizer.js';

export function createNormalizer(family: StreamFamily, context: StreamContext): Normalizer {
  switch (family) {
    case 'ai07':
    case 'ai20':
      return createChatNormalizer(family, context);
    case 'ai68':
      return createCompletionNormalizer(context);
    case 'disclosure':
    case 'agent':
      return createJobNormalizer(context);
  }
}
