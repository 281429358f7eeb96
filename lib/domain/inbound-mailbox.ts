import { normalEmailAddress } from "./email-address";

export type MailboxWorkspace = { id: string; supportAddress: string | null };

/**
 * The workspace an inbound email belongs to, from the addresses it was sent to (the envelope's
 * recipients first, then the To and Cc headers): the first address that is a workspace's own
 * support address names it. Mail to the deployment's mailbox (SUPPORT_EMAIL_ADDRESS) that names no
 * workspace belongs to the one workspace when there is exactly one; with several it names none,
 * since guessing would put a customer's words in front of another shop. Null: nobody here takes it.
 */
export function inboundEmailWorkspace(input: {
  addressed: readonly string[];
  workspaces: readonly MailboxWorkspace[];
  deploymentAddress: string;
}): string | null {
  const addressed = input.addressed.map(normalEmailAddress);
  const bySupportAddress = new Map<string, string>();
  for (const workspace of input.workspaces) {
    if (workspace.supportAddress) {
      bySupportAddress.set(normalEmailAddress(workspace.supportAddress), workspace.id);
    }
  }
  for (const address of addressed) {
    const workspaceId = bySupportAddress.get(address);
    if (workspaceId) return workspaceId;
  }
  const [sole, ...others] = input.workspaces;
  const toDeployment = addressed.includes(normalEmailAddress(input.deploymentAddress));
  return toDeployment && sole && others.length === 0 ? sole.id : null;
}
