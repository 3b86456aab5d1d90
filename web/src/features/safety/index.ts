/**
 * What other features may use of safety; biome.json lets only analytics, notifications and profile import it
 * (and only this file). The Block button sits beside a named member in the analytics list, the who-viewed
 * dialog and a notice; the blocked members are listed in Security Settings.
 */
export { BlockMemberButton } from "./block-member-button.tsx";
export { BlockedMembersSection } from "./blocked-members-section.tsx";
