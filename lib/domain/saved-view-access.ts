import { can, type Role } from "./authz";

/*
 * Who sees and changes a saved view. A personal view is its owner's alone; a shared one is seen
 * by the whole team, and besides its owner, the people who run the workspace's settings (admins)
 * may rename or delete it, so a view left by someone who moved on can be tidied up.
 */

export type SavedViewOwnership = { ownerId: string; shared: boolean };
export type SavedViewViewer = { id: string; role: Role };

export function canSeeSavedView(viewer: SavedViewViewer, view: SavedViewOwnership): boolean {
  return view.shared || view.ownerId === viewer.id;
}

export function canManageSavedView(viewer: SavedViewViewer, view: SavedViewOwnership): boolean {
  if (view.ownerId === viewer.id) return true;
  return view.shared && can([viewer.role], "settings.write");
}
