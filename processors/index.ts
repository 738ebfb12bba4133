// Every processor the worker runs. Features add theirs here.
import type { Processor } from './processor';
import { reviewRemindersProcessor } from './alerts/review-reminders.processor';

export const allProcessors: readonly Processor[] = [reviewRemindersProcessor];
