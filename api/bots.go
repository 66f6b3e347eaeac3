package api

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// BotInfo is a strategy that can take a seat.
type BotInfo struct {
	Name        string `json:"name" example:"cautious"`
	Description string `json:"description" example:"Plays only cards it knows are playable."`
}

// BotList is every strategy the server can seat.
type BotList struct {
	Bots []BotInfo `json:"bots"`
}

// listBots godoc
//
//	@Summary	Bot strategies that can take a seat
//	@ID			listBots
//	@Tags		bots
//	@Produce	json
//	@Success	200	{object}	BotList
//	@Success	304	"not modified: If-None-Match matches the ETag"
//	@Header		304	{string}	ETag	"the current ETag"
//	@Router		/bots [get]
func (s *Server) listBots(c *gin.Context) {
	out := BotList{Bots: []BotInfo{}}
	for _, b := range s.cfg.Bots {
		out.Bots = append(out.Bots, BotInfo{Name: b.Name, Description: b.Description})
	}
	c.JSON(http.StatusOK, out)
}
