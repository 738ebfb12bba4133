// Every processor the worker runs. Features add theirs here.
import type { Processor } from './processor';

export const allProcessors: readonly Processor[] = [];
