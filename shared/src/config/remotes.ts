/** The remotes of the board, by the name the runtime config and the route table use. */
export const remoteNames = ['listings', 'apply', 'static'] as const;
export type RemoteName = (typeof remoteNames)[number];
