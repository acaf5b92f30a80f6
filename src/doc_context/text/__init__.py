"""Pure: HTML and Confluence storage -> markdown, markdown blocks, links, neutralizing untrusted text."""
