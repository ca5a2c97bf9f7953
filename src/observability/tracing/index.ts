/** Traces: the module that starts and flushes them, and the spans the service's work is made of. */
export { currentTraceParent, failActiveSpan, inSpan } from './spans';
export { TracingModule } from './tracing.module';
