import { PopupEditorSection } from "./popup-editor-section.tsx";

/** The three popup editors as panel sections. */
export const GreetingsPopupSection = () => <PopupEditorSection name="greetings" />;
export const SavedImagesPopupSection = () => <PopupEditorSection name="saved-images" />;
export const HideSearchesPopupSection = () => <PopupEditorSection name="hide-searches" />;
