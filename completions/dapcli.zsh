
#compdef dapcli

_dapcli_completion() {
  eval $(env _TYPER_COMPLETE_ARGS="${words[1,$CURRENT]}" _DAPCLI_COMPLETE=complete_zsh dapcli)
}

compdef _dapcli_completion dapcli

