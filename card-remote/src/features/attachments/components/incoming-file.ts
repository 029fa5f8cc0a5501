/** A file handed to the attachments panel; a pasted one gets a name of its own there. */
export interface IncomingFile {
  file: File;
  pasted: boolean;
}
