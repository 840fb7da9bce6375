export { bashRunTool, type BashRunInput } from './bash-run.ts';
export { findGrepTool, type FindGrepInput } from './find-grep.ts';
export { fsEditTool, type FsEditInput } from './fs-edit.ts';
export { fsReadTool, type FsReadInput } from './fs-read.ts';
export { fsWriteTool, type FsWriteInput } from './fs-write.ts';
export { createToolRegistry, type ParsedToolCall, type ToolRegistry } from './tool-registry.ts';
export type { BuiltinTool, BuiltinToolName, ToolContext, ToolResult } from './tool-types.ts';
export { type ProtectedFiles, protectedFileMessage, protectedFiles } from './protected-files.ts';
